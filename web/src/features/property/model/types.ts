export type { EPCView, PropertyMap as PropertyMapView, PropertyProps, Property as PropertyDetail } from '../../../gen/pages'
