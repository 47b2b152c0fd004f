import { describe, expect, it } from 'vitest';
import { INITIAL_DATA_ID, initialData, initialFallback, markupHasData, RENDERED_WITH_DATA, setRenderData } from './initial-data';

function page(block: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (block !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = INITIAL_DATA_ID;
    script.textContent = block;
    doc.head.appendChild(script);
  }
  return doc;
}

describe('initialData', () => {
  it('reads the server-written block keyed by API path', () => {
    const data = initialData(page('{"/api/config":{"templeName":"A \\u003c B"},"/api/events":[]}'));
    expect(data['/api/config']).toEqual({ templeName: 'A < B' });
    expect(data['/api/events']).toEqual([]);
  });

  it('is empty without a block or with a damaged one', () => {
    expect(initialData(page(null))).toEqual({});
    expect(initialData(page('{not json'))).toEqual({});
    expect(initialData(page('[1,2]'))).toEqual({});
  });
});

describe('seeded first fetches', () => {
  it('answer each first fetch once on a hydrated page, and stay the fallback', async () => {
    const { initialFallback, seedFirstFetches, takeSeeded } = await import('./initial-data');
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = INITIAL_DATA_ID;
    script.textContent = '{"/api/site":{"notices":[]}}';
    document.head.appendChild(script);
    try {
      expect(takeSeeded('/api/site')).toBeUndefined();
      expect(initialFallback()).toEqual({ '/api/site': { notices: [] } });
      seedFirstFetches();
      expect(takeSeeded('/api/events')).toBeUndefined();
      expect(takeSeeded('/api/site')).toEqual({ value: { notices: [] } });
      expect(takeSeeded('/api/site')).toBeUndefined();
      expect(initialFallback()).toEqual({ '/api/site': { notices: [] } });
    } finally {
      script.remove();
    }
  });
});

describe('markup rendered with its data (ADR 0120)', () => {
  it('is known while the server renders, and from the attribute on #root in a browser', () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.appendChild(root);
    try {
      expect(markupHasData()).toBe(false);
      root.setAttribute(RENDERED_WITH_DATA, '');
      expect(markupHasData()).toBe(true);
      root.removeAttribute(RENDERED_WITH_DATA);
      setRenderData({ '/api/events': [] });
      expect(markupHasData()).toBe(true);
      expect(initialFallback()).toEqual({ '/api/events': [] });
    } finally {
      setRenderData(undefined);
      root.remove();
    }
    expect(markupHasData()).toBe(false);
  });
});
