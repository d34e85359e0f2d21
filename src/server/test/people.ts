import { createClient, latestCode, type TestApp } from './harness.ts';

/**
 * Test people over one app: verified users, organisation owners, members who joined by invitation.
 * `app` is read when a person is made, so a file may call this before its beforeAll opened the app.
 */
export function people(app: () => Pick<TestApp, 'app' | 'database'>) {
  type Client = ReturnType<typeof createClient> & { email: string; userId: string };

  async function user(email = `u-${Math.random().toString(36).slice(2)}@example.com`, ip?: string): Promise<Client> {
    const c = createClient(app().app, ip);
    await c.post('/api/auth/register', { name: `User ${email.slice(0, 8)}`, email, password: 'Harbour-2026' });
    await c.post('/api/auth/verify-otp', { email, otp: await latestCode(app().database, email) });
    const userId = (await c.get('/api/user')).data.data.id as string;
    return Object.assign(c, { email, userId });
  }

  /** The newest invitation link's token mailed to `email`. */
  async function invitationToken(email: string): Promise<string> {
    const [mail] = await app().database.query<{ text: string }>('select text from mail_outbox where "to" = $1 and text like \'%invitation=%\' order by created_at desc, id desc limit 1', [email]);
    return new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('invitation')!;
  }

  async function owner() {
    const c = await user();
    const org = (await c.post('/api/organisations', { name: `Org ${Math.random()}`, types: ['forwarder'], country: 'GB', address_line1: '1 Dock', city: 'Hull' })).data.data;
    const roles = (await c.get('/api/roles?per_page=100')).data.data as { id: string; builtin: string | null; name: string }[];
    const role = (builtin: 'owner' | 'admin' | 'staff') => roles.find((r) => r.builtin === builtin)!.id;
    /** A new user who joins this organisation in `roleId`, invited by `by` (the owner by default). */
    async function join(roleId: string, by: Client = c) {
      const m = await user();
      const invited = await by.post('/api/staff/invitations', { email: m.email, role_id: roleId });
      if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
      await m.post(`/api/staff/invitations/${await invitationToken(m.email)}/accept`, {});
      return m;
    }
    return Object.assign(c, { orgId: org.id as string, role, join });
  }

  return { user, owner, invitationToken };
}
