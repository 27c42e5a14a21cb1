/**
 * The API's routes under /api (one Fastify plugin per area, api/src/routes/), behind the access
 * hook (docs/ARCHITECTURE.md, "Access, errors, sessions, start and stop"). A new area's routes are
 * registered here.
 */
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessHook } from '../http/access';
import { registerApiCompression } from '../http/compression';
import accountRoutes from '../routes/accounts';
import authRoutes from '../routes/auth';
import categoryRoutes from '../routes/categories';
import healthRoutes from '../routes/health';
import integrationRoutes from '../routes/integration';
import managerRoutes from '../routes/managers';
import optionRoutes from '../routes/options';
import orderRoutes from '../routes/orders';
import paymentRoutes from '../routes/payments';
import placementRoutes from '../routes/placements';
import posRoutes from '../routes/pos';
import posOrderRoutes from '../routes/pos-orders';
import positionRoutes from '../routes/positions';
import productRoutes from '../routes/products';
import releaseRoutes from '../routes/releases';
import reportRoutes from '../routes/reports';
import restaurantRoutes from '../routes/restaurants';
import staffRoutes from '../routes/staff';
import stopListRoutes from '../routes/stop-list';
import telegramRoutes from '../routes/telegram';
import uploadRoutes from '../routes/upload';
import visitRoutes from '../routes/visits';

export const apiRoutesPlugin = fp(async (instance, options: { logRequests: boolean }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', accessHook);
  if (options.logRequests) {
    // Fastify writes no completion line for a request whose client went away first (a closed
    // live stream, a cancelled fetch): this is its end line (the pretty format drops it on it)
    app.addHook('onRequestAbort', async (request) => request.log.info('request aborted'));
  }

  await app.register(
    async (api) => {
      await registerApiCompression(api);
      api.get('/openapi.json', { config: { access: 'pub' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(restaurantRoutes);
      await api.register(managerRoutes);
      await api.register(uploadRoutes);
      await api.register(categoryRoutes);
      await api.register(productRoutes);
      await api.register(optionRoutes);
      await api.register(positionRoutes);
      await api.register(stopListRoutes);
      await api.register(integrationRoutes);
      await api.register(posRoutes);
      await api.register(placementRoutes);
      await api.register(visitRoutes);
      await api.register(releaseRoutes);
      await api.register(orderRoutes);
      await api.register(posOrderRoutes);
      await api.register(paymentRoutes);
      await api.register(reportRoutes);
      await api.register(staffRoutes);
      await api.register(telegramRoutes);
    },
    { prefix: '/api' },
  );
});
