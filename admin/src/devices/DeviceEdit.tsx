import { Edit, SaveButton, SimpleForm, Toolbar, useNotify } from 'react-admin';
import { failure } from '../common/format.ts';
import { DeviceInputs } from './DeviceInputs.tsx';
import { RevokeButton } from './RevokeButton.tsx';
import { toDeviceBody, type DeviceForm } from './device-text.ts';

/** Rename a device or change its facilities; its key stays as it is. */
export const DeviceEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      title="Device"
      mutationMode="pessimistic"
      transform={(data: DeviceForm) => toDeviceBody(data)}
      mutationOptions={{ onError: (error: unknown) => notify(failure('Failed to save the device', error), { type: 'error' }) }}
    >
      <SimpleForm
        sx={{ maxWidth: 760 }}
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            <RevokeButton toList />
          </Toolbar>
        }
      >
        <DeviceInputs />
      </SimpleForm>
    </Edit>
  );
};
