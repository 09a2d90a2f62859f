/**
 * The Russian dictionary, keyed by upper-case codes (spec §3 "Localization").
 * Pages and islands render these texts (islands as props from the server or bundled). The spec's
 * POST /api/translation/all/ serves this dictionary with the rows of the `translations` table laid
 * over it; nothing else reads that table (docs/decisions/0190-one-of-each.md). Add new keys here,
 * grouped by area.
 */
import { catalogDict } from './ru-catalog';
import { basketDict } from './ru-basket';
import { searchDict } from './ru-search';
import { headerDict } from './ru-header';
import { cardDict } from './ru-card';
import { formsDict } from './ru-forms';
import { contentDict } from './ru-content';
import { companyDict } from './ru-company';
import { requestsDict } from './ru-requests';
import { exportsDict } from './ru-exports';
import { addressesDict } from './ru-addresses';
import { overviewDict } from './ru-overview';
import { accountsDict } from './ru-accounts';
import { ordersDict } from './ru-orders';
import { storefrontDict } from './ru-storefront';
import { securityDict } from './ru-security';
import { pricelistDict } from './ru-pricelist';
import { exchangeMapDict } from './ru-exchange-map';
import { exchangeDict } from './ru-exchange';
import { deskContentDict } from './ru-desk-content';
import { searchTasksDict } from './ru-search-tasks';
import { alertsDict } from './ru-alerts';

const common = {
  // General
  SITE_NAME: 'Инструмент.by',
  SITE_TAGLINE: 'Инструмент и оборудование для профессионалов и дома',
  SUPPORT_PHONE_LABEL: 'Единый номер',
  CATALOG: 'Каталог',
  CATALOG_ALL: 'Весь каталог',
  LOGOUT: 'Выйти',
  PERSONAL_AREA: 'Личный кабинет',
  HOME: 'Главная',
  MENU: 'Меню',
  CLOSE: 'Закрыть',
  SHOW_ALL: 'Показать все',
  // Page navigation of every list (components/Pagination.astro) and "— страница N" in titles
  PAGER_PAGES: 'Страницы',
  PAGER_PAGE: 'Страница',
  PAGER_PREV: 'Назад',
  PAGER_NEXT: 'Вперёд',
  BRANDS: 'Бренды',
  PROMOTIONS: 'Акции',
  HITS: 'Хиты продаж',
  NOVELTIES: 'Новинки',
  BRANCHES: 'Филиалы',
  WHERE_TO_BUY: 'Где купить',
  MEDIA: 'Медиаматериалы',
  ADVANTAGES: 'Наши преимущества',
  WARRANTY: 'Гарантия и сервис',
  CALLBACK: 'Обратный звонок',
  FEEDBACK: 'Обратная связь',
  AGREEMENT: 'Пользовательское соглашение',
  PRIVACY: 'Политика обработки персональных данных',
  BYN: 'р.',
  IN_STOCK: 'В наличии',
  OUT_OF_STOCK: 'Под заказ',
  ARTICLE: 'Артикул',
  SECTIONS_TITLE: 'Разделы каталога',
  PROMOTIONS_UNTIL: 'до',
  FOOTER_COPYRIGHT: 'Интернет-магазин инструмента. Цены указаны в белорусских рублях с НДС.',
  FOOTER_BUYERS: 'Покупателям',
  FOOTER_COMPANY: 'Компания',
  FOOTER_CATALOG: 'Каталог',
  WORK_HOURS: 'Пн–Пт 8:30–19:00, Сб 9:00–16:00',

  // Errors and pages
  ERROR_404_TITLE: 'Страница не найдена',
  ERROR_404_TEXT: 'Такой страницы нет. Возможно, она была удалена или адрес набран с ошибкой.',
  ERROR_403_TITLE: 'Доступ запрещён',
  ERROR_403_TEXT: 'У вас нет прав для просмотра этой страницы.',
  ERROR_500_TITLE: 'Ошибка на сервере',
  ERROR_500_TEXT: 'Что-то пошло не так. Попробуйте обновить страницу через минуту.',
  RELOAD: 'Обновить страницу',
  GO_HOME: 'На главную',
  IE_TITLE: 'Ваш браузер устарел',
  IE_TEXT: 'Internet Explorer больше не поддерживается. Откройте сайт в современном браузере: Chrome, Firefox, Edge, Opera или Яндекс Браузер.',
  IE_CONTINUE: 'Всё равно продолжить',

  // API and validation
  ERR_NOT_AUTH: 'Необходимо войти в личный кабинет',
  ERR_FORBIDDEN: 'Недостаточно прав',
  ERR_STAFF_ONLY: 'Раздел доступен только сотрудникам магазина',
  ERR_ADMIN_ONLY: 'Доступно только администратору компании',
  ERR_COMPANY_ONLY: 'Доступно только пользователям компаний-контрагентов',
  ERR_NOT_FOUND: 'Не найдено',
  ERR_VALIDATION: 'Проверьте правильность заполнения полей',
  ERR_INTERNAL: 'Внутренняя ошибка сервера. Попробуйте позже.',
  ERR_BUSY: 'Сервер сейчас занят. Попробуйте ещё раз через несколько секунд.',
  ERR_BAD_JSON: 'Данные запроса повреждены: поля формы не удалось прочитать. Отправьте форму ещё раз.',
  ERR_TOO_LARGE: 'Слишком большой запрос',
  /** Idempotency-Key of a write a client may retry (server/http/idempotency.ts). */
  ERR_IDEMPOTENCY_FIELD: 'Ключ повтора запроса',
  ERR_IDEMPOTENCY_KEY: 'от 16 до 64 латинских букв, цифр или дефисов',
  ERR_IDEMPOTENCY_TWO_KEYS: 'заголовок Idempotency-Key и поле idempotencyKey не совпадают',
  ERR_IDEMPOTENCY_OTHER_BODY: 'Этот ключ повтора уже использован для другого запроса. Обновите страницу и повторите действие.',
  ERR_METHOD: 'Метод не поддерживается',
  FILLED_INCORRECTLY: 'заполнено неверно',
  FIELD_REQUIRED: 'обязательное поле',
  VALUE_TOO_SHORT: 'не короче {n} символов',
  VALUE_TOO_LONG: 'не длиннее {n} символов',
  VALUE_AT_LEAST: 'не меньше {n}',
  VALUE_AT_MOST: 'не больше {n}',
  CHOOSE_AT_LEAST_ONE: 'выберите хотя бы одно значение',
  LIST_TOO_LONG: 'не больше {n} строк',
  CHOOSE_FROM_LIST: 'выберите одно из предложенных значений',
  WHOLE_NUMBER: 'укажите целое число',
  UNKNOWN_FIELDS: 'лишние поля в запросе',
  CODE_RULES: 'только латинские буквы, цифры и дефис',
  CODE_SIX_DIGITS: 'код — это 6 цифр из письма или SMS',
  ERR_TOO_MANY: 'Слишком много попыток. Повторите через',
  ERR_RETRY_MINUTES: 'мин.',
  ERR_RETRY_SECONDS: 'сек.',
  PASSWORD_RULES: 'не менее 8 символов, хотя бы одна цифра и одна латинская буква',
  PASSWORDS_DIFFER: 'Пароли не совпадают',
  AUTH_ERROR: 'Ошибка авторизации',
  AUTH_INVALID: 'Неверный email или пароль',
  AUTH_GUESSING_SUBJECT: 'Кто-то подбирает пароль к вашему аккаунту',
  AUTH_GUESSING_TEXT: 'Здравствуйте!\n\nЗа последние минуты к вашему аккаунту в {site} несколько раз ввели неверный пароль. Если это были не вы, кто-то пытается подобрать пароль. Ваш аккаунт не заблокирован: на устройствах, где вы уже входили, вход работает как обычно.\n\nЕсли ваш пароль простой или используется на других сайтах, смените его: «Забыли пароль?» на странице входа или «Сменить пароль» в личном кабинете.\n\n{site}',
  AUTH_BLOCKED: 'Учётная запись заблокирована администратором компании',
  AUTH_FIRST_LOGIN: 'Для первого входа задайте пароль: мы отправим код на ваш email',

  // Verification codes
  CODE_NOT_REQUESTED: 'Код не запрашивался или уже использован. Запросите новый код.',
  CODE_EXPIRED: 'Срок действия кода истёк. Запросите новый код.',
  CODE_TOO_MANY_TRIES: 'Слишком много неверных попыток. Запросите новый код.',
  CODE_WRONG: 'Неверный код. Осталось попыток:',

  // Orders (shared by checkout, the personal area and the staff desk)
  ORDER: 'Заказ',
  ORDER_STATUS_NOW: 'Статус заказа изменён на',
  ORDER_OPEN_LINK: 'Заказ в личном кабинете',
  ORDER_STATUS_NOT_ALLOWED: 'Заказ нельзя перевести в этот статус',
  PDF_ERR_ONE_AT_A_TIME: 'Предыдущий документ ещё готовится. Подождите несколько секунд и откройте этот снова.',
  PDF_ERR_BUSY: 'Сейчас готовится много документов. Попробуйте через минуту.',
  ORDER_CANNOT_CANCEL: 'Отменить можно только новый заказ. Позвоните нам, и мы поможем.',
  ORDER_STATUS_CHANGED_MEANWHILE: 'Статус заказа уже изменился. Обновите страницу.',

  // Login page (spec §2)
  LOGIN_TITLE: 'Вход в личный кабинет',
  LOGIN_ENDED_PASSWORD: 'Вы вышли из личного кабинета на этом устройстве: пароль был изменён. Войдите с новым паролем.',
  LOGIN_ENDED_RESTORED: 'Пароль восстановлен по коду из письма, поэтому вход завершён на всех устройствах. Войдите с новым паролем.',
  LOGIN_ENDED_BLOCKED: 'Администратор вашей компании заблокировал учётную запись, сеанс завершён. Чтобы вернуть доступ, обратитесь к нему.',
  LOGIN_ENDED_EVERYWHERE: 'Выполнен выход на всех устройствах. Чтобы продолжить, войдите снова.',
  LOGIN_DESCRIPTION: 'Вход для покупателей и контрагентов: заказы, адреса доставки, скидки и выгрузки.',
  LOGIN_EMAIL: 'Email',
  LOGIN_PASSWORD: 'Пароль',
  LOGIN_SHOW_PASSWORD: 'Показать',
  LOGIN_HIDE_PASSWORD: 'Скрыть',
  LOGIN_FORGOT: 'Забыли пароль?',
  LOGIN_REGISTER: 'Регистрация',
  LOGIN_LOADING: 'Входим…',
  LOGIN_ALERT_TITLE: 'Впервые входите?',
  LOGIN_ALERT_TEXT: 'Если ваша компания уже работает с нами, войдите по рабочему email: при первом входе мы пришлём код для установки пароля.',
  LOGIN_FIRST_TITLE: 'Первый вход',
  LOGIN_FIRST_ACTION: 'Получить код',
} as const;

/** Each area keeps its own file (ru-*.ts) so that work on one area never edits another's. */
export const ru = { ...common, ...headerDict, ...cardDict, ...formsDict, ...catalogDict, ...basketDict, ...searchDict, ...contentDict, ...companyDict, ...requestsDict, ...exportsDict, ...addressesDict, ...overviewDict, ...accountsDict, ...ordersDict, ...storefrontDict, ...securityDict, ...pricelistDict, ...exchangeMapDict, ...exchangeDict, ...deskContentDict, ...alertsDict, ...searchTasksDict } as const;

export type DictKey = keyof typeof ru;
