import { PlainField, type PlainFieldProps } from '../../../shared/plainforms'

export type InputProps = Omit<PlainFieldProps, 'look'>

/** One labelled input of the registrants' plain forms, its problem read out with it. */
export function Input(props: InputProps) {
  return <PlainField {...props} look="registrant" />
}
