/** How a buyer pays an ЕРИП request in any Belarusian bank (shown when the provider's answer carries no instruction). */
import { SELLER } from '../../config/seller';

export function eripInstruction(serviceNo: string, account: string): string[] {
  return [
    'Войдите в интернет-банк, мобильный банк или подойдите к инфокиоску, кассе банка',
    'Выберите «Система "Расчёт" (ЕРИП)»',
    `Выберите «Интернет-магазины/сервисы» → «${SELLER.domain}»${serviceNo ? ` (или найдите услугу по коду ${serviceNo})` : ''}`,
    `Введите номер заказа ${account}`,
    'Проверьте сумму и подтвердите платёж',
  ];
}
