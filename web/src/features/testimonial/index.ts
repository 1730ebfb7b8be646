// The testimonial feature's public face: the form of a page's
// testimonial-form module.
export { TestimonialForm, TESTIMONIAL_ANCHOR } from './components/TestimonialForm'
