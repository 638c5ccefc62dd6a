import type { QuestionProps } from '../field';
import { TextInput } from './text-input';

export function Phone(props: QuestionProps<'PHONE'>) {
  return <TextInput {...props} type="tel" />;
}
