import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { Edit, Link, SaveButton, SimpleForm, Toolbar, TopToolbar, useDataProvider, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { countOf, failure } from '../common/format.ts';
import { BookingsConfirm } from './BookingsInTheWay.tsx';
import { bookingsInTheWay, bookingsText, type BookingsInTheWay } from './bookings-in-the-way.ts';
import { DeleteFacilityButton, RestoreFacilityButton } from './FacilityButtons.tsx';
import { FacilityInputs } from './FacilityInputs.tsx';
import { FacilityLinks } from './FacilityLinks.tsx';
import { LinkConflictDialog } from './LinkConflictDialog.tsx';
import { linkConflictOf, type LinkConflict } from './part-of.ts';
import { toFacilityBody } from './facility-body.ts';
import type { FacilityRecord } from './types.ts';
import { waitlistAt } from '../waitlist/links.ts';

const Title = () => {
  const record = useRecordContext<FacilityRecord>();
  return <>{record ? `Edit ${record.name}` : 'Edit facility'}</>;
};

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteFacilityButton redirectTo="list" />
    <RestoreFacilityButton variant="outlined" />
  </Toolbar>
);

/** Who waits for time at this facility (any day), on the Waitlist screen. */
const Actions = () => {
  const record = useRecordContext<FacilityRecord>();
  return <TopToolbar>{record && <Button component={Link} to={waitlistAt(record.id)}>Waitlist</Button>}</TopToolbar>;
};

const DeletedNotice = () => {
  const record = useRecordContext<FacilityRecord>();
  if (!record?.isDeleted) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2, width: '100%', maxWidth: 720 }}>
      This facility is deleted: it is hidden from the public site and cannot be booked. Restore it to bring it back.
    </Alert>
  );
};

interface UpdateVariables {
  id: string;
  data: Record<string, unknown>;
  previousData: FacilityRecord;
}

const affectedText = (inTheWay: BookingsInTheWay | undefined) =>
  [inTheWay?.count ? bookingsText(inTheWay.count) : '', inTheWay?.closures ? countOf(inTheWay.closures, 'closure') : ''].filter(Boolean).join(' and ') || 'its bookings';

/**
 * Saving a new time zone while live bookings or closures exist is refused with their list: staff see it and
 * may confirm, which saves again with confirmTimezoneChange (the bookings keep their local times). A link
 * (Part of) that upcoming bookings stand in the way of is refused with their list too, to move them first.
 */
export const FacilityEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider();
  const [pending, setPending] = useState<{ inTheWay: BookingsInTheWay; variables: UpdateVariables }>();
  const [busy, setBusy] = useState(false);
  const [linkRefusal, setLinkRefusal] = useState<LinkConflict>();
  const saved = () => {
    notify('Facility updated successfully', { type: 'success' });
    redirect('list', 'facilities');
  };
  const saveConfirmed = async () => {
    if (!pending) return;
    const { id, data, previousData } = pending.variables;
    setBusy(true);
    try {
      await dataProvider.update('facilities', { id, data: { ...data, confirmTimezoneChange: true }, previousData });
      setPending(undefined);
      saved();
    } catch (error) {
      setPending(undefined);
      notify(failure('Failed to update facility', error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const zone = pending ? String(pending.variables.data.timezone ?? '') : '';
  return (
    <>
      <Edit
        title={<Title />}
        actions={<Actions />}
        mutationMode="pessimistic"
        transform={toFacilityBody}
        mutationOptions={{
          onSuccess: saved,
          onError: (error: unknown, variables: unknown) => {
            const inTheWay = bookingsInTheWay(error);
            const conflict = linkConflictOf(error);
            if (inTheWay) setPending({ inTheWay, variables: variables as UpdateVariables });
            else if (conflict) setLinkRefusal(conflict);
            else notify(failure('Failed to update facility', error), { type: 'error' });
          },
        }}
      >
        <SimpleForm toolbar={<EditToolbar />} sx={{ maxWidth: 760 }}>
          <DeletedNotice />
          <FacilityLinks />
          <FacilityInputs creating={false} />
        </SimpleForm>
      </Edit>
      <BookingsConfirm
        inTheWay={pending?.inTheWay}
        title={`Change the time zone of ${affectedText(pending?.inTheWay)}?`}
        intro={`These bookings and closures keep their local times at the venue (10:00–12:00 stays 10:00–12:00), now in ${zone}; what was paid stays the same. Customers keep the times they booked, and closed hours stay closed.`}
        confirmLabel="Change time zone"
        busy={busy}
        onConfirm={() => void saveConfirmed()}
        onClose={() => setPending(undefined)}
      />
      <LinkConflictDialog refusal={linkRefusal} onClose={() => setLinkRefusal(undefined)} />
    </>
  );
};
