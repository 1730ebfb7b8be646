export type { LoginProps, OwnedProperty, OwnerProps, PasswordProps } from '../../../gen/pages'
