export type { ModuleItem, ModuleView, TestimonialView as Testimonial } from '../../../gen/pages'
