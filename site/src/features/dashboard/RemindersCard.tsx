import { useEffect, useState } from 'react';
import type { UserDto } from '@courtside/contracts';
import { customerReason } from '@courtside/browser';
import { showToast } from '../../lib/toast.ts';
import { saveEmailReminders } from './profile.ts';

/** The switch for the reminder email before each booking, saved as soon as it is flipped. */
export function RemindersCard({ user, setUser }: { user: UserDto; setUser: (u: UserDto) => void }) {
  // Shown flipped at once; put back if the server refuses.
  const [on, setOn] = useState(user.emailReminders);
  const [saving, setSaving] = useState(false);
  useEffect(() => setOn(user.emailReminders), [user.emailReminders]);

  async function flip(e: { currentTarget: HTMLInputElement }) {
    const wanted = e.currentTarget.checked;
    setOn(wanted);
    setSaving(true);
    try {
      setUser(await saveEmailReminders(wanted));
      showToast(wanted ? 'Reminders are on.' : 'Reminders are off.', 'success');
    } catch (err) {
      setOn(!wanted);
      showToast(customerReason(err) ?? 'Could not save your reminder setting.', 'error');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card account-card" aria-labelledby="reminders-heading">
      <div className="card-body">
        <h2 id="reminders-heading">Email reminders</h2>
        <label className="switch-row">
          <span>Email me a reminder before each booking</span>
          <input type="checkbox" role="switch" className="switch" checked={on} onChange={flip} disabled={saving} aria-describedby="reminders-note" />
        </label>
        <p id="reminders-note" className="muted account-note">
          {on ? 'A reminder with the time and place comes before each confirmed booking.' : 'No reminders. Confirmations and cancellations still come by email.'}
        </p>
      </div>
    </section>
  );
}
