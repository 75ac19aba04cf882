/**
 * The bare Fastify JSON route the API is compared with, as a server of its own: the benchmark
 * starts it exactly as `npm start` starts the API (same node flags and environment, its own
 * process), so the ratio compares two servers run the same way. Fastify's defaults: no logger.
 *
 *   PORT  where to listen on 127.0.0.1 (required)
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port < 1) throw new Error(`PORT must be a port number (got "${process.env.PORT ?? ''}")`);

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port, host: '127.0.0.1' });
