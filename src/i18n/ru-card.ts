/**
 * Texts of a product's basket, compare and favourite buttons: the server's buttons
 * (components/catalog/CardActions.astro), the header boot's paint of them (islands/catalog/card-marks.ts, in the
 * 2 KB boot script) and the favourites page's island (islands/catalog/ProductActions.tsx) say the same words.
 * They stay in the dictionary (ru.ts spreads this object). Nothing else may be imported here: it is bundled for
 * the browser.
 */
export const cardDict = {
  NOT_AVAILABLE: 'Нет в продаже',
  ADD_TO_BASKET: 'В корзину',
  IN_BASKET: 'В корзине',
  CARD_COMPARE: 'Сравнить',
  CARD_COMPARE_REMOVE: 'Убрать из сравнения',
  CARD_FAVORITE: 'В избранное',
  CARD_FAVORITE_REMOVE: 'Убрать из избранного',
  CARD_ACTION_FAILED: 'Не удалось выполнить действие',
} as const;
