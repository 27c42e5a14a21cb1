/** Accounts and sign-in (docs/CONFIGURATION.md, "Accounts and sign-in"). */
import { setting, text } from './rules';

/** The token secret, its lifetime, the first admin. */
export const ACCOUNT_SETTINGS = {
  JWT_SECRET: setting({
    group: 'accounts',
    values: 'text, at least 32 characters (e.g. `openssl rand -hex 32`)',
    default: 'generated once into `DATA_DIR`',
    meaning: 'signing secret of access tokens',
    schema: text,
  }),
  TOKEN_TTL: setting({
    group: 'accounts',
    values: 'seconds, or a span like `12h`',
    default: '`12h`',
    meaning: 'access token lifetime',
    schema: text,
  }),
  ADMIN_LOGIN: setting({
    group: 'accounts',
    values: 'a login',
    default: '`admin`',
    meaning: 'the admin created on an empty database',
    schema: text,
  }),
  ADMIN_PASSWORD: setting({
    group: 'accounts',
    values: 'text, at least 8 characters',
    default: 'generated into `DATA_DIR/admin-password` (readable by its owner only)',
    meaning: "that admin's password",
    schema: text,
    verbatim: true,
  }),
};
