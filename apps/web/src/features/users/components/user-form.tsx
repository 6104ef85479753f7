import { Alert, Fieldset, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  CreateUserInputSchema,
  ROLE_ASSIGNMENT,
  UpdateUserInputSchema,
  canAssignRole,
  optionKey,
  type Me,
  type Role,
  type Translate,
  type User,
} from '@rescuedesk/shared';
import { AdminNgoField } from '../../../components/directory/admin-ngo-field';
import { DirectoryFormPage, FormSection, ImagesSection } from '../../../components/directory/directory-form-page';
import { useDirectoryForm } from '../../../components/directory/use-directory-form';
import { fieldLabels } from '../../../components/directory/field-labels';
import classes from '../../../components/directory/directory.module.css';
import { ImageUploader } from '../../../components/images/image-uploader';
import { formRules } from '../../../lib/form-validation';
import { t as translate } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
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
  designation: string;
  ngoId: number | null;
  profileImage: string | null;
  verificationId: string[];
}

/** Editing takes the same fields as adding, except that an empty password keeps the current one. */
const EditUserSchema = CreateUserInputSchema.extend({ password: UpdateUserInputSchema.shape.password });

/** docs/product.md#role-assignment: an Admin must choose the NGO of anyone but another Admin. */
function withNgoRequired(rules: (values: UserFormValues) => FormErrors) {
  return (values: UserFormValues): FormErrors => {
    const errors = rules(values);
    if (values.role !== 'Admin' && values.ngoId === null) errors.ngoId = translate('validation.ngoRequired');
    return errors;
  };
}

/** A committee member signs the monthly report with their designation (docs/reports.md#signing-the-monthly-report). */
function withCommitteeDesignation(rules: (values: UserFormValues) => FormErrors) {
  return (values: UserFormValues): FormErrors => {
    const errors = rules(values);
    if (values.role === 'Committee' && values.designation.trim() === '') errors.designation = translate('committee.error.designationRequired');
    return errors;
  };
}

const REQUIRED_INPUTS = fieldLabels({ role: 'field.role' });
const ADD_RULES = withCommitteeDesignation(formRules<UserFormValues>(CreateUserInputSchema, REQUIRED_INPUTS));
const EDIT_RULES = withCommitteeDesignation(formRules<UserFormValues>(EditUserSchema, REQUIRED_INPUTS));
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
    designation: user?.designation ?? '',
    ngoId: user?.ngoId ?? null,
    profileImage: user?.profileImage ?? null,
    verificationId: user?.verificationId ?? [],
  };
}

/** The roles the signed-in user may give (docs/product.md#role-assignment), plus the account's own role when editing. */
function roleOptions(me: Me, user: User | undefined, t: Translate) {
  const assignable = ROLE_ASSIGNMENT[me.role];
  const roles = user && !assignable.includes(user.role) ? [user.role, ...assignable] : assignable;
  return roles.map((role) => ({ value: role, label: t(optionKey('role', role)), disabled: !assignable.includes(role) }));
}

interface UserFormProps {
  me: Me;
  /** The account being edited; none when adding. */
  user?: User;
}

export function UserForm({ me, user }: UserFormProps) {
  const t = useT();
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
      title: t('page.addUser'),
      saved: t('directory.user.created'),
      mutation: useCreateUser(),
      input: (values) => {
        const { name, email, username, contact, role, designation, password } = CreateUserInputSchema.parse(values);
        return { name, email, username, contact, role, ...(designation ? { designation } : {}), password, ...(sendsNgo(values) ? { ngoId: values.ngoId } : {}) };
      },
    },
    update: {
      title: t('directory.user.editTitle'),
      saved: t('directory.user.updated'),
      mutation: useUpdateUser(),
      input: (values, record) => {
        const { name, email, username, contact, role, designation, password, profileImage, verificationId } = EditUserSchema.parse(values);
        return {
          id: record.id,
          name,
          email,
          username,
          contact,
          // Nobody changes their own role; the server would refuse it.
          ...(self ? {} : { role }),
          // Sent when given, or to clear one the account had.
          ...(designation || record.designation ? { designation: designation ?? null } : {}),
          ...(password === undefined ? {} : { password }),
          profileImage,
          verificationId,
          ...(sendsNgo(values) ? { ngoId: values.ngoId } : {}),
        };
      },
    },
  });

  // Each field's props, built outside the markup (the i18n lint reads any quoted text in JSX as words on screen).
  const inputs = {
    name: form.getInputProps('name'),
    email: form.getInputProps('email'),
    username: form.getInputProps('username'),
    password: form.getInputProps('password'),
    contact: form.getInputProps('contact'),
    role: form.getInputProps('role'),
    designation: form.getInputProps('designation'),
  };
  const uploads = { profileImage: images.field('profileImage'), verificationId: images.field('verificationId') };

  return (
    <DirectoryFormPage {...frame} readOnly={readOnly}>
      {readOnly ? (
        <Alert variant="light" color="yellow" icon={<IconInfoCircle aria-hidden />} title={t('directory.user.viewOnly')}>
          {t('directory.user.cannotChange', { actorRole: t(optionKey('role', me.role)), role: t(optionKey('role', user.role)) })}
        </Alert>
      ) : null}
      <FormSection title={t('directory.user.account')}>
        {/* A fieldset disables every input at once when the account is view only. */}
        <Fieldset variant="unstyled" disabled={readOnly} p={0} m={0} miw={0}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('field.name')} autoComplete="off" withAsterisk {...inputs.name} />
          <TextInput label={t('field.email')} type="email" inputMode="email" autoComplete="off" withAsterisk {...inputs.email} />
          <TextInput
            label={t('field.username')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
            {...inputs.username}
          />
          <PasswordInput
            label={t('field.password')}
            // Never the signed-in user's own saved password.
            autoComplete="new-password"
            withAsterisk={!user}
            description={user ? t('directory.user.keepPassword') : t('directory.user.passwordHint')}
            {...inputs.password}
          />
          <TextInput label={t('field.contact')} type="tel" inputMode="tel" autoComplete="off" withAsterisk {...inputs.contact} />
          <Select
            label={t('field.role')}
            placeholder={t('common.choose')}
            data={roleOptions(me, user, t)}
            classNames={{ option: classes.option }}
            withAsterisk
            allowDeselect={false}
            disabled={self}
            description={self ? t('directory.user.ownRole') : undefined}
            {...inputs.role}
          />
          {form.values.role === 'Committee' || form.values.designation ? (
            <TextInput label={t('committee.field.designation')} description={t('committee.field.designationHint')} autoComplete="off" withAsterisk={form.values.role === 'Committee'} {...inputs.designation} />
          ) : null}
          {form.values.role === 'Admin' ? null : (
            <AdminNgoField role={me.role} locked={self} form={form} />
          )}
          </SimpleGrid>
        </Fieldset>
      </FormSection>
      <ImagesSection
        title={t('directory.user.pictures')}
        saved={Boolean(user)}
        beforeSave={t('directory.user.beforeSave')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ImageUploader multiple={false} label={t('field.profileImage')} fieldName="Profile" disabled={readOnly} {...uploads.profileImage} />
          <ImageUploader label={t('field.verificationId')} fieldName="Verification" disabled={readOnly} {...uploads.verificationId} />
        </SimpleGrid>
      </ImagesSection>
    </DirectoryFormPage>
  );
}
