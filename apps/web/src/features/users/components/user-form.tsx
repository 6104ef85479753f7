import { Alert, Fieldset, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
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
import { DirectoryFormPage, FormSection, ImagesSection } from '../../../components/directory/directory-form-page';
import { useDirectoryForm } from '../../../components/directory/use-directory-form';
import { ImageUploader } from '../../../components/images/image-uploader';
import { formRules } from '../../../lib/form-validation';
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
  // An Admin names the NGO of anyone but another Admin; nobody moves their own account to another NGO.
  const sendsNgo = (values: UserFormValues) => isAdmin && !self && values.role !== 'Admin';
  const { form, images, frame } = useDirectoryForm({
    record: user,
    list: USER_LIST,
    initialValues: valuesOf(user),
    validate: RULES[isAdmin ? (user ? 'adminEdit' : 'adminAdd') : user ? 'edit' : 'add'],
    ngoId: user?.ngoId ?? null,
    create: {
      title: 'Add User',
      saved: 'User created successfully',
      mutation: useCreateUser(),
      input: (values) => {
        const { name, email, username, contact, role, password } = CreateUserInputSchema.parse(values);
        return { name, email, username, contact, role, password, ...(sendsNgo(values) ? { ngoId: values.ngoId } : {}) };
      },
    },
    update: {
      title: 'Edit User',
      saved: 'User updated successfully',
      mutation: useUpdateUser(),
      input: (values, record) => {
        const { name, email, username, contact, role, password, profileImage, verificationId } = EditUserSchema.parse(values);
        return {
          id: record.id,
          name,
          email,
          username,
          contact,
          // Nobody changes their own role; the server would refuse it.
          ...(self ? {} : { role }),
          ...(password === undefined ? {} : { password }),
          profileImage,
          verificationId,
          ...(sendsNgo(values) ? { ngoId: values.ngoId } : {}),
        };
      },
    },
  });

  return (
    <DirectoryFormPage {...frame} readOnly={readOnly}>
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
            <AdminNgoField role={me.role} locked={self} form={form} />
          )}
          </SimpleGrid>
        </Fieldset>
      </FormSection>
      <ImagesSection
        title="Pictures"
        saved={Boolean(user)}
        beforeSave="The Profile Image and Verification ID images can be added once the user is saved: open it with View."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ImageUploader multiple={false} label="Profile Image" fieldName="Profile" disabled={readOnly} {...images.field('profileImage')} />
          <ImageUploader label="Verification ID" fieldName="Verification" disabled={readOnly} {...images.field('verificationId')} />
        </SimpleGrid>
      </ImagesSection>
    </DirectoryFormPage>
  );
}
