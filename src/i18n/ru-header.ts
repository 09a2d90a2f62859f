/**
 * Texts of the header islands (the search overlay and the counters). The islands import them
 * instead of receiving them as props: Astro serialises props into every page's HTML (about 1.8 KB on
 * every page, docs/decisions/0052-listing-page-size.md), while this small module is one immutable
 * chunk. They stay in the dictionary (ru.ts spreads this object), so the translation call serves
 * them like every other text. Nothing else may be imported here: it is bundled for the browser.
 */
export const headerDict = {
  SEARCH: 'Поиск',
  SEARCH_PLACEHOLDER: 'Поиск по названию или артикулу',
  BASKET: 'Корзина',
  COMPARE: 'Сравнение',
  FAVORITES: 'Избранное',
  LOGIN: 'Войти',
  PERSONAL: 'Кабинет',
  NOTIF_BADGE: 'Уведомления',
  SEARCH_OVERLAY_CATEGORIES: 'Категории',
  SEARCH_OVERLAY_BRANDS: 'Бренды',
  SEARCH_OVERLAY_PRODUCTS: 'Товары',
  SEARCH_OVERLAY_CLOSEST: 'Ближайшие товары',
  SEARCH_OVERLAY_STS: 'Часто ищут',
  SEARCH_OVERLAY_HISTORY: 'Вы искали',
  SEARCH_OVERLAY_CLEAR: 'Очистить',
  SEARCH_OVERLAY_CLOSE: 'Закрыть',
  SEARCH_OVERLAY_ALL: 'Все результаты',
  SEARCH_OVERLAY_NOTHING: 'Ничего не нашлось. Нажмите Enter, чтобы поискать по всему каталогу.',
  SEARCH_OVERLAY_ERROR: 'Поиск временно недоступен. Нажмите Enter, чтобы открыть страницу результатов.',
  SEARCH_OVERLAY_LOADING: 'Ищем…',
  SEARCH_ARTICLE: 'Арт.',
  SEARCH_UNDERSTOOD: 'Как понят запрос',
  SEARCH_CHIP_REMOVE: 'Убрать условие',
} as const;

const T = headerDict;

/** The search overlay's texts. */
export const SEARCH_OVERLAY_LABELS = {
  title: T.SEARCH,
  placeholder: T.SEARCH_PLACEHOLDER,
  categories: T.SEARCH_OVERLAY_CATEGORIES,
  brands: T.SEARCH_OVERLAY_BRANDS,
  products: T.SEARCH_OVERLAY_PRODUCTS,
  closest: T.SEARCH_OVERLAY_CLOSEST,
  sts: T.SEARCH_OVERLAY_STS,
  history: T.SEARCH_OVERLAY_HISTORY,
  clear: T.SEARCH_OVERLAY_CLEAR,
  close: T.SEARCH_OVERLAY_CLOSE,
  all: T.SEARCH_OVERLAY_ALL,
  nothing: T.SEARCH_OVERLAY_NOTHING,
  error: T.SEARCH_OVERLAY_ERROR,
  loading: T.SEARCH_OVERLAY_LOADING,
  article: T.SEARCH_ARTICLE,
  understood: T.SEARCH_UNDERSTOOD,
  removeChip: T.SEARCH_CHIP_REMOVE,
};

/** The header counters' texts. */
export const HEADER_COUNTER_LABELS = { basket: T.BASKET, compare: T.COMPARE, favorites: T.FAVORITES, login: T.LOGIN, personal: T.PERSONAL, notifications: T.NOTIF_BADGE };
