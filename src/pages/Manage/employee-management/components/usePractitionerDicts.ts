/** The dictionaries a practitioner is described with: gender, education, professional title. */
import { useDictionaries, type Dictionaries } from '@/hooks/useDictionaries';

export type PractitionerDicts = Dictionaries<'gender' | 'education' | 'professional_title'>;

export function usePractitionerDicts(): PractitionerDicts {
  return useDictionaries('gender', 'education', 'professional_title');
}
