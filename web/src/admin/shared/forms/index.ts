// The inbox's forms: small posts of fixed fields, and the second factor's code rule.
export { PostForm } from './components/PostForm'
export { codeSchema } from './model/code'
