import { describe, expect, it } from 'vitest';
import { pageNavigation, paginate } from '../../src/server/http/paging';

describe('the one page-navigation shape', () => {
  it('pageNavigation tells the page as it was read, with at least one page', () => {
    expect(pageNavigation(0, 1, 20)).toEqual({ page: 1, page_size: 20, total: 0, pages: 1 });
    expect(pageNavigation(41, 2, 20)).toEqual({ page: 2, page_size: 20, total: 41, pages: 3 });
    // A page past the end was read empty and says so.
    expect(pageNavigation(41, 9, 20)).toEqual({ page: 9, page_size: 20, total: 41, pages: 3 });
  });

  it('paginate clamps the page into range before reading and gives the offset', () => {
    expect(paginate(41, 2, 20)).toEqual({ navigation: { page: 2, page_size: 20, total: 41, pages: 3 }, offset: 20 });
    expect(paginate(41, 99, 20)).toEqual({ navigation: { page: 3, page_size: 20, total: 41, pages: 3 }, offset: 40 });
    expect(paginate(0, 5, 9)).toEqual({ navigation: { page: 1, page_size: 9, total: 0, pages: 1 }, offset: 0 });
    expect(paginate(10, 0, 9).navigation.page).toBe(1);
  });
});
