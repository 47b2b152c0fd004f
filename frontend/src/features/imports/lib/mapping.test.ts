import { describe, expect, it } from 'vitest';
import { makeInspection } from '../test-data';
import { applySavedMapping, columnChoices, mappingBody, mappingErrors, suggestedMapping } from './mapping';

describe('column mappings', () => {
  it("prefills every field from the server's suggestion, the rest not imported", () => {
    expect(suggestedMapping(makeInspection())).toEqual({ firstName: 'First', lastName: 'Last', email: 'E-mail', phone: '' });
    // A suggested column the file does not have is not chosen.
    expect(suggestedMapping(makeInspection({ suggested: { firstName: 'Given name' } })).firstName).toBe('');
  });

  it("applies a saved mapping, leaving unmapped the columns this file lacks", () => {
    const { mapping, missing } = applySavedMapping(makeInspection(), { firstName: 'First', email: 'Email address', unknownField: 'X' });
    expect(mapping).toEqual({ firstName: 'First', lastName: '', email: '', phone: '' });
    expect(missing).toEqual(['Email address']);
  });

  it('offers each named column once and sends only the mapped fields', () => {
    expect(columnChoices(['A', '', 'B', 'A', '  '])).toEqual(['A', 'B']);
    expect(mappingBody({ firstName: 'First', phone: '' })).toEqual({ firstName: 'First' });
  });

  it("reads the fields' messages of a refusal", () => {
    expect(mappingErrors({ 'mapping.firstName': 'Choose the column that holds this field', name: 'Required' })).toEqual({
      firstName: 'Choose the column that holds this field',
    });
  });
});
