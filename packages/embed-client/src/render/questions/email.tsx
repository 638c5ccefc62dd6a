import type { QuestionProps } from '../field';
import { TextInput } from './text-input';

export function Email(props: QuestionProps<'EMAIL'>) {
  return <TextInput {...props} type="email" />;
}
