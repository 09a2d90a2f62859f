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
  lines: 'Выбранные товары',
  category: 'Категория',
  filter: 'Категория',
  motivation: 'Признак спецпредложения',
  file: 'Файл',
  // Company users and contract requests (server/company/input.ts)
  inactive: 'Вкладка',
  position: 'Должность',
  permissions: 'Права',
  orderLimit: 'Лимит без согласования',
  orderLimitPeriod: 'Лимит считается',
  blocked: 'Блокировка',
  legalAddress: 'Юридический адрес',
  iban: 'Расчётный счёт (IBAN)',
  bankName: 'Банк',
  bic: 'БИК банка',
  contactName: 'Контактное лицо',
  contactPhone: 'Телефон контактного лица',
  contactEmail: 'Email контактного лица',
  monthlyVolume: 'Объём закупок в месяц',
  // Requests, notifications, staff desk
  type: 'Тема обращения',
  appeal_id: 'Обращение',
  text: 'Сообщение',
  files: 'Файлы',
  rating: 'Оценка',
  status: 'Статус',
  order: 'Заказ',
  serial: 'Серийный номер',
  subject: 'Тема',
  want: 'Что вы хотите',
  reason: 'Причина',
  doc_kind: 'Какой документ нужен',
  period: 'Период',
  all: 'Все',
  from: 'Текущий статус',
  title: 'Заголовок',
  href: 'Ссылка',
  date_end: 'Показывать до',
  close: 'Закрыть после ответа',
  tab: 'Вкладка',
  q: 'Номер заказа',
  // Export lists (personal/unloading)
  step: 'Шаг',
  source: 'Что выгружать',
  sectionIds: 'Разделы',
  brandIds: 'Бренды',
  lists: 'Списки выгрузки',
  months: 'Период, месяцев',
  articles: 'Артикулы',
  inStockOnly: 'Только в наличии',
  fields: 'Поля',
  format: 'Формат файла',
  schedule: 'Обновление',
  draft: 'Черновик',
  // Delivery addresses (POST /api/deliveryAddresses/)
  action: 'Действие',
  address: 'Адрес',
  city: 'Населённый пункт',
  region: 'Область',
  street: 'Улица',
  house: 'Дом',
  building: 'Корпус',
  flat: 'Квартира / офис',
  entrance: 'Подъезд',
  replaces: 'Уточняемый адрес',
  // Accounts (issue 11)
  old_password: 'Текущий пароль',
  agree: 'Согласие',
  unp: 'УНП',
  company_name: 'Название компании',
  legal_address: 'Юридический адрес',
  event: 'Событие',
  remember: 'Запомнить меня',
  send_status: 'Письма о статусе заказа',
  checkboxes: 'Статусы для уведомлений',
  approve: 'Решение',
  // Checkout and orders
  idempotencyKey: 'Ключ оформления',
  deliveryTypeId: 'Способ получения',
  branchId: 'Филиал',
  addressId: 'Адрес доставки',
  newAddressAddress: 'Адрес',
  newAddressCity: 'Населённый пункт',
  newAddressRegion: 'Область',
  newAddressStreet: 'Улица',
  newAddressHouse: 'Дом',
  newAddressBuilding: 'Корпус',
  newAddressFlat: 'Квартира / офис',
  newAddressEntrance: 'Подъезд',
  deliveryDate: 'Дата доставки',
  payment: 'Способ оплаты',
  payerCompanyId: 'Плательщик',
  onOrder: 'Товары под заказ',
  expectedTotal: 'Сумма заказа',
  basket: 'Корзина',
  // Catalogue calls and sign-in (named so that no internal field name reaches a message)
  limit: 'Количество',
  sectionId: 'Раздел',
  brand: 'Бренд',
  contact: 'Телефон или email',
  line_product_id: 'Товар',
  section_id_list: 'Разделы',
  captcha: 'Проверка на робота',
  sessid: 'Служебное поле формы',
};

/** Every text whose code starts with `prefix`, for an island's `texts` prop. */
export function textsWithPrefix(prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(ru).filter(([k]) => k.startsWith(prefix)));
}

/** Lists whose items are rows of a table the user filled in (the quick order). */
const ROW_LISTS = new Set(['product_list', 'lines']);

export function fieldName(path: string): string {
  if (FIELD_NAMES[path]) return FIELD_NAMES[path];
  // A field of a list row ("product_list.3.quantity") is named with its row number.
  const row = /^\w+\.(\d+)\.(\w+)$/.exec(path);
  if (row) return `${FIELD_NAMES[row[2]!] ?? row[2]} (строка ${Number(row[1]) + 1})`;
  // An item of a list: a row of a list of rows ("product_list.3") with its number, a value of a list
  // of plain values ("checkboxes.0") by its list's name.
  const item = /^(\w+)\.(\d+)$/.exec(path);
  if (!item || !FIELD_NAMES[item[1]!]) return path;
  return ROW_LISTS.has(item[1]!) ? `${FIELD_NAMES[item[1]!]} (строка ${Number(item[2]) + 1})` : FIELD_NAMES[item[1]!]!;
}
