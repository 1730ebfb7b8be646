export type { EPCView, PropertyMap as PropertyMapView, PropertyProps, PublicProperty as PropertyDetail } from '../../../gen/pages'
