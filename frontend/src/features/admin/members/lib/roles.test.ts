import { describe, expect, it } from 'vitest';
import { joinList, rolesText } from './roles';

describe('roles', () => {
  it('joins a list with commas and a final "and"', () => {
    expect(joinList([])).toBe('');
    expect(joinList(['Treasurer'])).toBe('Treasurer');
    expect(joinList(['Treasurer', 'Front desk'])).toBe('Treasurer and Front desk');
    expect(joinList(['Admin', 'Treasurer', 'Editor'])).toBe('Admin, Treasurer and Editor');
  });

  it("names roles by their labels, in the catalogue's order", () => {
    expect(rolesText(['front_desk', 'treasurer'])).toBe('Treasurer and Front desk');
    expect(rolesText(['volunteer_coordinator', 'priest', 'admin'])).toBe('Admin, Priest and Volunteer coordinator');
  });
});
