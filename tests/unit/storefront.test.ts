import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CATALOG } from '../../src/server/seed/catalog-data';
import { CATALOG_EPOCH, generateCatalog } from '../../src/server/seed/generate';
import { DRAWINGS, SECTION_DRAWINGS, drawingFor, drawingSvg } from '../../src/server/images/drawings';
import { parsePhotoList, parsePhotoName } from '../../src/server/images/import';
import { SELLER, sellerLines } from '../../src/config/seller';
import { softHyphens } from '../../src/lib/hyphenate';

describe('product drawings', () => {
  it('every section of the demo catalogue has a drawing of its own kind, never the fallback', () => {
    for (const top of CATALOG)
      for (const mid of top.mids) {
        for (const leaf of mid.leaves) {
          const codes = [leaf.code, mid.code, top.code];
          expect(codes.some((c) => SECTION_DRAWINGS[c]), `${leaf.code} has no drawing`).toBe(true);
          expect(DRAWINGS[drawingFor(codes, top.icon)], leaf.code).toBeDefined();
        }
        expect(SECTION_DRAWINGS[mid.code] ?? mid.leaves.every((l) => SECTION_DRAWINGS[l.code]), `${mid.code} has no drawing`).toBeTruthy();
      }
    for (const name of Object.values(SECTION_DRAWINGS)) expect(DRAWINGS[name], name).toBeDefined();
  });

  it('second-level families are drawn differently from each other', () => {
    const families = CATALOG.flatMap((top) => top.mids.map((mid) => drawingFor([mid.code, top.code], top.icon)));
    expect(new Set(families).size).toBe(families.length);
  });

  it('grinders, routers and sanders are not drills; bits and chargers are not discs; a wrench set is not a hammer; a trimmer is not a cart', () => {
    const kind = (leaf: string, mid: string, top: string) => drawingFor([leaf, mid, top], null);
    expect(kind('ushm-bolgarki', 'shlifovalnye-mashiny', 'elektroinstrument')).toBe('grinder');
    expect(kind('frezery', 'rubanki-i-frezery', 'elektroinstrument')).toBe('router');
    expect(kind('ekscentrikovye-shlifmashiny', 'shlifovalnye-mashiny', 'elektroinstrument')).toBe('orbital_sander');
    expect(kind('bity', 'bity-i-nasadki', 'raskhodnye-materialy')).toBe('bits');
    expect(kind('zaryadnye-ustroystva', 'akkumulyatory-i-zaryadnye', 'raskhodnye-materialy')).toBe('charger');
    expect(kind('klyuchi-kombinirovannye', 'klyuchi', 'ruchnoy-instrument')).toBe('wrenches');
    expect(kind('trimmery-elektricheskie', 'trimmery', 'sadovaya-tekhnika')).toBe('trimmer_electric');
  });

  it('the gallery views of one product are four different pictures', async () => {
    const views = [0, 1, 2, 3].map((index) => drawingSvg({ drawing: 'grinder', color: '#0b5ea8', index }));
    expect(new Set(views).size).toBe(4);
    const pixels = await Promise.all(views.map((svg) => sharp(Buffer.from(svg)).resize(32, 32).raw().toBuffer()));
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) expect(pixels[i]!.equals(pixels[j]!), `views ${i} and ${j}`).toBe(false);
  });

  it('every drawing renders as a valid SVG', async () => {
    for (const name of Object.keys(DRAWINGS)) {
      const meta = await sharp(Buffer.from(drawingSvg({ drawing: name, color: '#b3001b', index: 0 }))).metadata();
      expect(meta.width, name).toBe(600);
    }
  });
});

describe('photo import names and lists', () => {
  it('takes the article from the file name and the gallery order from _N', () => {
    expect(parsePhotoName('HP2661.jpg')).toEqual({ article: 'HP2661', order: 0 });
    expect(parsePhotoName('TE2300-QW_3.JPEG')).toEqual({ article: 'TE2300-QW', order: 3 });
    expect(parsePhotoName('ДУ1234.png')).toEqual({ article: 'ДУ1234', order: 0 });
    expect(parsePhotoName('notes.txt')).toBeNull();
  });

  it('reads a list with ; or , and Russian or English headers; relative files from the list folder, URLs as they are', () => {
    const list = parsePhotoList('артикул;фото;описание\nHP2661;a.jpg;Дрель сбоку\nHP2661;https://cdn.example.by/b.jpg;\n;x.jpg;no article\n', '/data/in');
    expect(list).toEqual([
      { article: 'HP2661', location: path.resolve('/data/in', 'a.jpg'), alt: 'Дрель сбоку', order: 0 },
      { article: 'HP2661', location: 'https://cdn.example.by/b.jpg', alt: null, order: 1 },
    ]);
    expect(parsePhotoList('article,source\nX1,p.webp\n', '/d')[0]).toMatchObject({ article: 'X1', location: path.resolve('/d', 'p.webp') });
  });
});

describe('demo catalogue texts and dates', () => {
  const cat = generateCatalog({ products: 2000 });

  it('no product description says the same sentence twice', () => {
    for (const p of cat.products) {
      const sentences = p.description.split(/(?<=\.)\s+/).map((s) => s.trim());
      expect(new Set(sentences).size, p.description).toBe(sentences.length);
    }
  });

  it('rows carry a last-edit time after their creation and never after the catalogue’s today', () => {
    for (const p of cat.products) {
      expect(p.updatedAt.getTime()).toBeGreaterThanOrEqual(p.createdAt.getTime());
      expect(p.updatedAt.getTime()).toBeLessThanOrEqual(CATALOG_EPOCH);
    }
    expect(new Set(cat.products.map((p) => p.updatedAt.toISOString().slice(0, 10))).size).toBeGreaterThan(100);
    for (const row of [...cat.sections, ...cat.brands, ...cat.branches]) expect(row.updatedAt.getTime()).toBeLessThanOrEqual(CATALOG_EPOCH);
  });
});

describe('seller requisites and hyphenation', () => {
  it('name the legal name, a 9-digit УНП, the legal address and the Trade Register entry', () => {
    expect(SELLER.unp).toMatch(/^\d{9}$/);
    expect(SELLER.bank.iban).toMatch(/^BY\d{2}[A-Z]{4}\d{20}$/);
    const text = sellerLines().join(' ');
    for (const part of [SELLER.shortName, `УНП ${SELLER.unp}`, SELLER.legalAddress, 'Торговый реестр', SELLER.tradeRegister.number]) expect(text).toContain(part);
  });

  it('puts soft hyphens into long words only', () => {
    expect(softHyphens('Электроинструмент')).toContain('\u00ad');
    expect(softHyphens('Электроинструмент').replaceAll('\u00ad', '')).toBe('Электроинструмент');
    expect(softHyphens('Пилы')).toBe('Пилы');
  });
});
