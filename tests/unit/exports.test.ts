import { describe, expect, it } from 'vitest';
import { notModified } from '../../src/server/exports/conditional';
import { effectiveFields, knownFields } from '../../src/server/exports/settings';
import { parseStep } from '../../src/server/exports/input';
import { HttpError } from '../../src/server/http/api';

const HOUR = 3_600_000;
const req = (headers: Record<string, string>) => new Request('http://x/feed/1.xml', { headers });

describe('conditional pulls and the rebuild period', () => {
  const built = new Date('2026-11-23T09:00:00Z');
  const list = { schedule: 'daily', feedEtag: 'W/"old"', feedChangedAt: built };
  const now = built.getTime() + 2 * HOUR;

  it('304 for the current version, by ETag (weak or strong) or by date', () => {
    expect(notModified(req({ 'if-none-match': 'W/"new"' }), list, 'W/"new"', new Date(now), now)).toBe('W/"new"');
    expect(notModified(req({ 'if-none-match': '"new"' }), list, 'W/"new"', new Date(now), now)).toBe('W/"new"');
    expect(notModified(req({ 'if-modified-since': new Date(now).toUTCString() }), list, 'W/"new"', new Date(now), now)).toBe('W/"new"');
  });

  it('a poller holding the last build keeps it until the period since that build has passed', () => {
    expect(notModified(req({ 'if-none-match': 'W/"old"' }), list, 'W/"new"', new Date(now), now)).toBe('W/"old"');
    expect(notModified(req({ 'if-modified-since': built.toUTCString() }), list, 'W/"new"', new Date(now), now)).toBe('W/"old"');
    const dayLater = built.getTime() + 25 * HOUR;
    expect(notModified(req({ 'if-none-match': 'W/"old"' }), list, 'W/"new"', new Date(dayLater), dayLater)).toBeNull();
    expect(notModified(req({ 'if-none-match': 'W/"old"' }), { ...list, schedule: 'always' }, 'W/"new"', new Date(now), now)).toBeNull();
  });

  it('If-None-Match wins over If-Modified-Since; no validator, no 304', () => {
    expect(notModified(req({ 'if-none-match': 'W/"other"', 'if-modified-since': new Date(now).toUTCString() }), list, 'W/"new"', new Date(now), now)).toBeNull();
    expect(notModified(req({}), list, 'W/"new"', new Date(now), now)).toBeNull();
    expect(notModified(req({ 'if-modified-since': 'yesterday' }), list, 'W/"new"', new Date(now), now)).toBeNull();
  });
});

describe('fields and steps', () => {
  it('YML always carries its core fields; unknown or old field codes are dropped or mapped', () => {
    expect(effectiveFields('yml', ['stock'])).toEqual(['article', 'name', 'brand', 'section', 'my_price', 'stock', 'images', 'url']);
    expect(effectiveFields('csv', ['stock'])).toEqual(['stock']);
    expect(knownFields(['price', 'stock', 'nonsense'])).toEqual(['my_price', 'stock']);
  });

  it('articles: pasted text split on lines, commas, semicolons; normalized; duplicates dropped', () => {
    const d = parseStep(1, { source: 'articles', articles: 'gsb 13-re\nGSB13RE; DF-333,\n\n  hr2470 ' }, false);
    expect(d.articles).toEqual(['GSB13RE', 'DF333', 'HR2470']);
  });

  it('a whole step 1 needs what its source uses; a draft does not', () => {
    expect(parseStep(1, { source: 'brands' }, true).source).toBe('brands');
    const e = (() => {
      try {
        parseStep(1, { source: 'brands' }, false);
      } catch (err) {
        return err as HttpError;
      }
    })();
    expect(e?.errors[0]).toMatchObject({ field: 'brandIds', message: 'Бренды: выберите хотя бы один бренд' });
  });
});
