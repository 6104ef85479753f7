import { Alert, Fieldset, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  CreateUserInputSchema,
  ROLE_ASSIGNMENT,
  UpdateUserInputSchema,
  canAssignRole,
  type Me,
  type Role,
  type User,
} from '@rescuedesk/shared';
import { AdminNgoField } from '../../../components/directory/admin-ngo-field';
import { DirectoryFormPage, FormSection } from '../../../components/directory/directory-form-page';
import { formRules, notifyInvalidForm } from '../../../lib/form-validation';
import { useReturnAfterSave } from '../../../hooks/use-return-after-save';
import { ImageUploader } from '../../../components/images/image-uploader';
import { useImageFields } from '../../../components/images/use-image-fields';
import { useUnsavedChanges } from '../../../components/unsaved-changes/use-unsaved-changes';
import { useValidationAfterSubmit } from '../../../hooks/use-validation-after-submit';
import { notifyError } from '../../../lib/notify';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { USER_LIST } from '../paths';

interface UserFormValues {
  name: string;
  email: string;
  username: string;
  password: string;
  contact: string;
  role: Role | null;
  ngoId: number | null;
  profileImage: string | null;
  verificationId: string[];
}

/** Editing takes the same fields as adding, except that an empty password keeps the current one. */
const EditUserSchema = CreateUserInputSchema.extend({ password: UpdateUserInputSchema.shape.password });

/** Spec section 5: an Admin must choose the NGO of anyone but another Admin. */
function withNgoRequired(rules: (values: UserFormValues) => FormErrors) {
  return (values: UserFormValues): FormErrors => {
    const errors = rules(values);
    if (values.role !== 'Admin' && values.ngoId === null) errors.ngoId = 'NGO is required';
    return errors;
  };
}

const ADD_RULES = formRules<UserFormValues>(CreateUserInputSchema, { role: 'Type' });
const EDIT_RULES = formRules<UserFormValues>(EditUserSchema, { role: 'Type' });
const RULES = {
  add: ADD_RULES,
  edit: EDIT_RULES,
  adminAdd: withNgoRequired(ADD_RULES),
  adminEdit: withNgoRequired(EDIT_RULES),
};

function valuesOf(user: User | undefined): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    username: user?.username ?? '',
    password: '',
    contact: user?.contact ?? '',
    role: user?.role ?? null,
    ngoId: user?.ngoId ?? null,
    profileImage: user?.profileImage ?? null,
    verificationId: user?.verificationId ?? [],
  };
}

/** The roles the signed-in user may give (spec section 6), plus the account's own role when editing. */
function roleOptions(me: Me, user: User | undefined) {
  const assignable = ROLE_ASSIGNMENT[me.role];
  const roles = user && !assignable.includes(user.role) ? [user.role, ...assignable] : assignable;
  return roles.map((role) => ({ value: role, label: role, disabled: !assignable.includes(role) }));
}

interface UserFormProps {
  me: Me;
  /** The account being edited; none when adding. */
  user?: User;
}

export function UserForm({ me, user }: UserFormProps) {
  const isAdmin = me.role === 'Admin';
  const self = user?.id === me.id;
  // The server refuses changes to accounts whose role the signed-in user could not assign.
  const readOnly = user !== undefined && !self && !canAssignRole(me.role, user.role);
  const form = useForm<UserFormValues>({
    initialValues: valuesOf(user),
    validate: RULES[isAdmin ? (user ? 'adminEdit' : 'adminAdd') : user ? 'edit' : 'add'],
  });
  const { markSubmitted } = useValidationAfterSubmit(form);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const { saved, returning } = useReturnAfterSave(USER_LIST.to, form);
  const images = useImageFields(form, user?.ngoId ?? null);
  useUnsavedChanges(() => form.isDirty() || images.uploading);
  const sendsNgo = isAdmin && !self && form.values.role !== 'Admin';

  const submit = form.onSubmit((values) => {
    if (user) {
      const { name, email, username, contact, role, password, profileImage, verificationId } = EditUserSchema.parse(values);
      updateUser.mutate(
        {
          id: user.id,
          name,
          email,
          username,
          contact,
          // Nobody changes their own role; the server would refuse it.
          ...(self ? {} : { role }),
          ...(password === undefined ? {} : { password }),
          profileImage,
          verificationId,
          ...(sendsNgo ? { ngoId: values.ngoId } : {}),
        },
        { onSuccess: () => saved('User updated successfully'), onError: notifyError },
      );
    } else {
      const { name, email, username, contact, role, password } = CreateUserInputSchema.parse(values);
      createUser.mutate(
        { name, email, username, contact, role, password, ...(sendsNgo ? { ngoId: values.ngoId } : {}) },
        { onSuccess: () => saved('User created successfully'), onError: notifyError },
      );
    }
  }, notifyInvalidForm);

  return (
    <DirectoryFormPage
      title={user ? 'Edit User' : 'Add User'}
      list={USER_LIST}
      onSubmit={(event) => {
        markSubmitted();
        submit(event);
      }}
      saving={createUser.isPending || updateUser.isPending || returning}
      uploading={images.uploading}
      readOnly={readOnly}
    >
      {readOnly ? (
        <Alert variant="light" color="yellow" icon={<IconInfoCircle />} title="View only">
          {`A ${me.role} cannot change ${user.role} accounts.`}
        </Alert>
      ) : null}
      <FormSection title="Account">
        {/* A fieldset disables every input at once when the account is view only. */}
        <Fieldset variant="unstyled" disabled={readOnly} p={0} m={0} miw={0}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" autoComplete="off" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" inputMode="email" autoComplete="off" withAsterisk {...form.getInputProps('email')} />
          <TextInput
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label="Password"
            // Never the signed-in user's own saved password.
            autoComplete="new-password"
            withAsterisk={!user}
            description={user ? 'Leave empty to keep the current password' : 'At least 6 characters'}
            {...form.getInputProps('password')}
          />
          <TextInput label="Contact" type="tel" inputMode="tel" autoComplete="off" withAsterisk {...form.getInputProps('contact')} />
          <Select
            label="Type"
            placeholder="Choose"
            data={roleOptions(me, user)}
            withAsterisk
            allowDeselect={false}
            disabled={self}
            description={self ? 'You cannot change your own role' : undefined}
            {...form.getInputProps('role')}
          />
          {form.values.role === 'Admin' ? null : (
            <AdminNgoField
              role={me.role}
              locked={self}
              value={form.values.ngoId}
              onChange={(ngoId) => form.setFieldValue('ngoId', ngoId)}
              error={form.errors.ngoId}
            />
          )}
          </SimpleGrid>
        </Fieldset>
      </FormSection>
      {user ? (
        <FormSection title="Pictures">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <ImageUploader multiple={false} label="Profile Image" fieldName="Profile" disabled={readOnly} {...images.field('profileImage')} />
            <ImageUploader label="Verification ID" fieldName="Verification" disabled={readOnly} {...images.field('verificationId')} />
          </SimpleGrid>
        </FormSection>
      ) : (
        <FormSection
          title="Pictures"
          description="The Profile Image and Verification ID images can be added once the user is saved: open it with View."
        />
      )}
    </DirectoryFormPage>
  );
}
