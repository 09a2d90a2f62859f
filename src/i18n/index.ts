import { ru, type DictKey } from './ru';

export { ru };
export type { DictKey };

/** Looks a code up in the built-in dictionary; unknown codes come back as themselves. */
export function t(code: DictKey | string): string {
  return (ru as Record<string, string>)[code] ?? code;
}

/** Russian names of form fields, used in validation messages ("Email: заполнено неверно"). */
export const FIELD_NAMES: Record<string, string> = {
  email: 'Email',
  login: 'Email',
  password: 'Пароль',
  confirm_password: 'Подтверждение пароля',
  phone: 'Телефон',
  name: 'Имя',
  query: 'Поисковый запрос',
  search: 'Поиск',
  product: 'Товар',
  product_id: 'Товар',
  productId: 'Товар',
  quantity: 'Количество',
  code: 'Код',
  article: 'Артикул',
  page: 'Страница',
  page_size: 'Размер страницы',
  pageSize: 'Размер страницы',
  depth_lvl: 'Глубина меню',
  typemenu: 'Тип меню',
  section_id: 'Раздел',
  section_code: 'Раздел',
  sort: 'Сортировка',
  comment: 'Комментарий',
  message: 'Сообщение',
  questionText: 'Вопрос',
  productName: 'Название товара',
  order_number: 'Номер заказа',
  userId: 'Пользователь',
  id: 'Идентификатор',
  product_list: 'Список товаров',
  category: 'Категория',
  filter: 'Категория',
  motivation: 'Признак спецпредложения',
  file: 'Файл',
  // Checkout and orders
  idempotencyKey: 'Ключ оформления',
  deliveryTypeId: 'Способ получения',
  branchId: 'Филиал',
  addressId: 'Адрес доставки',
  newAddressAddress: 'Адрес',
  newAddressFlat: 'Квартира или офис',
  newAddressEntrance: 'Подъезд',
  deliveryDate: 'Дата доставки',
  payment: 'Способ оплаты',
  payerCompanyId: 'Плательщик',
  onOrder: 'Товары под заказ',
  expectedTotal: 'Сумма заказа',
  approve: 'Решение',
  order: 'Номер заказа',
  basket: 'Корзина',
};

export function fieldName(path: string): string {
  if (FIELD_NAMES[path]) return FIELD_NAMES[path];
  // A field of a list row ("product_list.3.quantity") is named with its row number.
  const row = /^\w+\.(\d+)\.(\w+)$/.exec(path);
  return row ? `${FIELD_NAMES[row[2]!] ?? row[2]} (строка ${Number(row[1]) + 1})` : path;
}
