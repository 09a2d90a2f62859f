/**
 * Russian texts of request refusals (issue 18): wrong methods and content types, oversize or broken
 * bodies, broken addresses, cross-site form posts, stale sessions. Pure (no imports): the front in
 * scripts/server.mjs and server/page-cache/front.ts imports it directly, before Astro runs.
 */
export const securityDict = {
  ERR_METHOD_NOT_ALLOWED: 'Этот адрес не принимает запросы такого типа. Допустимо: {allow}.',
  ERR_CONTENT_TYPE: 'Данные отправлены в неподдерживаемом формате. Отправьте JSON (application/json) или обычную форму.',
  ERR_NOT_MULTIPART: 'Файл нужно отправлять формой с вложением (multipart/form-data).',
  ERR_BODY_BROKEN: 'Данные формы повреждены или обрезаны. Отправьте форму ещё раз.',
  ERR_BODY_TOO_LARGE: 'Слишком большой запрос: не больше {kb} КБ.',
  ERR_BODY_ENCODING: 'Текст запроса должен быть в кодировке UTF-8.',
  ERR_BAD_URL: 'Адрес запроса повреждён: в нём неверно закодированные символы.',
  ERR_BAD_REQUEST: 'Запрос повреждён и не может быть обработан.',
  ERR_HEADERS_TOO_LARGE: 'Слишком длинный адрес или заголовки запроса.',
  ERR_CROSS_SITE: 'Форма отправлена с другого сайта и отклонена. Откройте страницу магазина и отправьте форму с неё.',
  ERR_NO_SUCH_CALL: 'Такого адреса API нет. Проверьте адрес запроса.',
  ERR_SESSION_ENDED: 'Сеанс завершён. Войдите в личный кабинет снова.',
  ERR_BUSY: 'Сервер занят разбором других файлов. Повторите через минуту.',
  ERROR_400_TITLE: 'Неверный адрес',
  ERROR_400_TEXT: 'Адрес страницы повреждён: в нём неверно закодированные символы. Проверьте ссылку или начните с главной.',
  ERROR_403_CROSS_SITE_TEXT: 'Форма отправлена с другого сайта и отклонена. Откройте страницу магазина и отправьте форму с неё.',
} as const;
