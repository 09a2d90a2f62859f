/**
 * The texts every public form shares (callback, feedback, warranty, the product page's question and
 * price request). The PublicForm island imports them instead of receiving them as props on every
 * form (about 700 bytes of HTML per form); a form passes only what is its own (`done`). They stay in
 * the dictionary (ru.ts spreads this object). Bundled for the browser: import nothing here.
 */
export const formsDict = {
  CONTENT_FORM_SEND: 'Отправить',
  CONTENT_FORM_SENDING: 'Отправляем…',
  CONTENT_FORM_ERRORS: 'Проверьте поля, отмеченные красным.',
  CONTENT_FORM_FAILED: 'Не удалось отправить форму. Проверьте соединение и попробуйте ещё раз.',
  CONTENT_FORM_OPTIONAL: 'необязательно',
} as const;

export const FORM_TEXTS = {
  send: formsDict.CONTENT_FORM_SEND,
  sending: formsDict.CONTENT_FORM_SENDING,
  errors: formsDict.CONTENT_FORM_ERRORS,
  failed: formsDict.CONTENT_FORM_FAILED,
  optional: formsDict.CONTENT_FORM_OPTIONAL,
};
