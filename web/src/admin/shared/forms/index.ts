// The inbox's forms: small posts of fixed fields, and the second factor's code rule.
export { PostButton, PostForm } from './components/PostForm'
export { codeSchema } from './model/code'
export { invalid } from './model/invalid'
export { posted } from './model/posted'
