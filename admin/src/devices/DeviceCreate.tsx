import { useState } from 'react';
import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import type { NewAccessDeviceDto } from '@courtside/contracts';
import { ShownOnceDialog } from '../common/ShownOnceDialog.tsx';
import { failure } from '../common/format.ts';
import { DeviceInputs } from './DeviceInputs.tsx';
import { EMPTY_DEVICE, toDeviceBody, type DeviceForm } from './device-text.ts';

/** The new device's key, this once: the server keeps only its hash. */
const KeyDialog = ({ device, onClose }: { device: NewAccessDeviceDto; onClose: () => void }) => (
  <ShownOnceDialog
    title={`The key of ${device.name}`}
    warning="Copy it now: you will not see it again. If it is lost, revoke this device and add a new one."
    label="Device key"
    value={device.key}
    onClose={onClose}
  >
    Paste it into the kiosk page (/checkin) on the tablet at the door, or into the keypad’s settings: it sends it as
    “Authorization: Bearer &lt;key&gt;” to /api/access/check.
  </ShownOnceDialog>
);

/** A new door device: its name and facilities; once saved, its key is shown once. */
export const DeviceCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const [made, setMade] = useState<NewAccessDeviceDto | null>(null);
  return (
    <>
      <Create
        title="New device"
        transform={(data: DeviceForm) => toDeviceBody(data)}
        mutationOptions={{
          onSuccess: (data: NewAccessDeviceDto) => setMade(data),
          onError: (error: unknown) => notify(failure('Failed to add the device', error), { type: 'error' }),
        }}
      >
        <SimpleForm defaultValues={EMPTY_DEVICE} sx={{ maxWidth: 760 }}>
          <DeviceInputs />
        </SimpleForm>
      </Create>
      {made && (
        <KeyDialog
          device={made}
          onClose={() => {
            setMade(null);
            redirect('list', 'devices');
          }}
        />
      )}
    </>
  );
};
