/** Russian texts of the basket area (basket, quick order, compare, favourites). Keys are upper-case codes, prefixed to avoid clashes. */
export const basketDict = {
  // Errors of the API
  BASKET_ERR_PRODUCT_NOT_FOUND: 'Товар не найден или снят с продажи',
  BASKET_ERR_NOT_IN_BASKET: 'Этого товара нет в корзине',
  BASKET_ERR_CANNOT_BUY: 'Товар сейчас недоступен для заказа',
  BASKET_ERR_LIMIT: 'Можно заказать не более {limit} шт.',
  BASKET_ERR_LIMIT_IN_BASKET: 'Можно заказать не более {limit} шт., в корзине уже {have} шт.',
  BASKET_ERR_TOO_MANY_POSITIONS: 'В корзине может быть не более {max} позиций',
  BASKET_ERR_LIST_UNKNOWN: 'Товары не найдены: {ids}',
  BASKET_ERR_QTY_NOT_NUMBER: 'Количество должно быть числом',
  BASKET_ERR_QTY_WHOLE: 'Количество должно быть целым числом',
  BASKET_ERR_QTY_POSITIVE: 'Количество должно быть больше нуля',
  BASKET_ERR_QTY_HUGE: 'Слишком большое количество',
  BASKET_ERR_NO_ARTICLE: 'Не указан артикул',
  BASKET_ERR_TOO_MANY_LINES: 'Слишком много строк: не более 1000 за один раз',
  BASKET_ERR_FILE_MISSING: 'Прикрепите файл XLSX или CSV',
  BASKET_ERR_FILE_EMPTY: 'В файле нет ни одной строки с артикулом',
  BASKET_ERR_FILE_TOO_BIG: 'Файл слишком большой: не более 2 МБ',
  BASKET_ERR_FILE_BOMB: 'Файл после распаковки слишком большой — похоже, он повреждён',
  BASKET_ERR_FILE_BROKEN: 'Не удалось прочитать файл: он повреждён или это не таблица XLSX',
  BASKET_ERR_FILE_FORMAT: 'Файл не похож на таблицу: загрузите XLSX или CSV',
  BASKET_ERR_FILE_XLS: 'Старый формат XLS не поддерживается: сохраните файл как XLSX или CSV',

  // Quick order report
  BASKET_MATCH_NOT_FOUND: 'Товар с таким артикулом не найден',
  BASKET_MATCH_AMBIGUOUS: 'Под этот артикул подходит несколько товаров — выберите нужный',
  BASKET_MATCH_PREFIX: 'Точного совпадения нет — возможно, вы имели в виду',
  BASKET_MATCH_BY_NAME: 'Найдено по названию — выберите нужный товар',
  BASKET_MATCH_LIMITED: 'Доступно только {max} шт.',

  // Motivation block
  BASKET_MOTIVATION_TITLE: 'До бесплатной доставки осталось совсем немного',
  BASKET_MOTIVATION_TEXT: 'Добавьте расходники к своим инструментам — доставка по Беларуси станет бесплатной.',
  BASKET_MOTIVATION_DONE: 'Доставка будет бесплатной',
  BASKET_MOTIVATION_DONE_TEXT: 'Сумма заказа достаточна для бесплатной доставки по Беларуси.',

  // Compare
  BASKET_COMPARE_ERR_TOO_MANY: 'В сравнении может быть не более {max} товаров',
  BASKET_COMPARE_ERR_NOT_IN_LIST: 'Этого товара нет в сравнении',
  BASKET_COMPARE_ERR_NO_SECTION: 'В сравнении нет товаров из этого раздела',
  BASKET_COMPARE_PROP_BRAND: 'Бренд',
  BASKET_COMPARE_PROP_PRICE: 'Цена',

  // Favourites
  BASKET_FAV_ERR_TOO_MANY: 'В избранном может быть не более {max} товаров',
  BASKET_FAV_ERR_NOT_IN_LIST: 'Этого товара нет в избранном',
  BASKET_FAV_SORT_NEW: 'Сначала недавно добавленные',
  BASKET_FAV_SORT_OLD: 'Сначала давно добавленные',
  BASKET_FAV_SORT_CHEAP: 'Сначала дешевле',
  BASKET_FAV_SORT_EXPENSIVE: 'Сначала дороже',
  BASKET_FAV_SORT_NAME: 'По названию',
} as const;
