/**
 * Loads the real SMS gateways so that each registers itself with sms.ts; SMS_PROVIDER picks one
 * (default `outbox`). Imported once by the middleware, which every request passes through.
 */
import './sms-rocketsms';
