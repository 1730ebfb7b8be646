export type { BannerView, HomeProps, SearchBlockView } from '../../../gen/pages'

export type BannerType = 'image' | 'gallery' | 'video' | 'properties' | 'projects'
