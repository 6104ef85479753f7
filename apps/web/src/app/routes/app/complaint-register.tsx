import { ComplaintRegisterPage } from '../../../features/complaints/components/complaint-register-page';
import { useSignedInUser } from './signed-in-user';

/** /report/complaints: the complaint register (docs/citizen-reports.md#the-complaint-register). */
export default function ComplaintRegisterRoute() {
  return <ComplaintRegisterPage me={useSignedInUser()} />;
}
