import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HYDRATED_ATTRIBUTE, useMarkHydrated } from './use-hydrated';

function Page() {
  useMarkHydrated();
  return <p>page</p>;
}

describe('useMarkHydrated', () => {
  afterEach(() => document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE));

  it('marks <html> once the page has rendered in the browser', () => {
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(false);
    render(<Page />);
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
  });

  it('does not mark it while the page is only rendered to markup', () => {
    expect(renderToString(<Page />)).toContain('page');
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(false);
  });
});
