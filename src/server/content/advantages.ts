/** GET web/advantages/: why buy here (texts in src/i18n, ADV_<CODE>_TITLE and _TEXT). Cached for an hour (spec §9). */
import { t } from '../../i18n';

export type Advantage = { code: string; title: string; text: string };

const CODES = ['official', 'branches', 'delivery', 'wholesale', 'service', 'api'];

export const ADVANTAGES: Advantage[] = CODES.map((code) => ({ code, title: t(`ADV_${code.toUpperCase()}_TITLE`), text: t(`ADV_${code.toUpperCase()}_TEXT`) }));
