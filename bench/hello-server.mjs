// The yardstick of the shipped-process bench (bench/shipped.ts): a bare Fastify route in a process
// of its own, started the same way as the product (plain `node <file>`, default settings).
import Fastify from 'fastify';

const app = Fastify();
app.get('/hello', async () => ({ data: 'hello' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('hello ready');
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
