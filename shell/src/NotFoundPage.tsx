import { ROUTES } from '@qrmenu/shared/paths';
import { t } from '@qrmenu/shared/texts';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="qm-not-found">
      <h1>{t.notFound}</h1>
      <p className="qm-not-found-code">404</p>
      <Link to={ROUTES.admin.home} className="qm-button">
        {t.backToAdmin}
      </Link>
    </main>
  );
}
