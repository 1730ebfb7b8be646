// What a view imports to hold forms of the kit whose code loads later
// (deferred.tsx): deferredForm, and the kit's rules with the page's, since the
// page inlines its view's stylesheets (internal/http/web/assets) and the server's
// form must look the same before its code arrives.
import './components/forms.css'
import './components/altcha.css'
import './components/captcha.css'

export { deferredForm } from './deferred'
