/** The Russian name of a way of paying (orders.payment_type), as the order page, the desk, 1C and the store's e-mail show it. */
import { t } from '../../i18n';

const NAMES: Record<string, string> = { cash: t('CHECKOUT_PAY_CASH'), card: t('CHECKOUT_PAY_CARD'), invoice: t('CHECKOUT_PAY_INVOICE'), online: t('CHECKOUT_PAY_ONLINE'), erip: t('CHECKOUT_PAY_ERIP') };

export const paymentName = (type: string): string => NAMES[type] ?? type;
