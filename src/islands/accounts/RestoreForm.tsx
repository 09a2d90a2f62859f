/** /restore/?email=…: e-mail → code → new password → signed in (every other session of the user ends). */
import { SetPasswordFlow } from './flows';
import type { Texts } from './ui';

export default function RestoreForm({ texts, email, backUrl }: { texts: Texts; email: string; backUrl: string }) {
  return <SetPasswordFlow id="restore" texts={texts} email={email} emailEditable intro={texts.ACC_UI_RESTORE_INTRO} backUrl={backUrl} />;
}
