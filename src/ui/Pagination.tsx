/** Page links on Ark Pagination (tables show PAGE_SIZE rows per page, spec section 9). */
import { Pagination as ArkPagination } from '@ark-ui/react'
import { css } from 'styled-system/css'
import { PAGE_SIZE } from '../../domain/paging'
import { PAGINATION_TEXTS } from './arkTexts'
import { ChevronLeftIcon, ChevronRightIcon } from './screenIcons'

export interface PaginationProps {
  count: number
  page: number
  onPageChange: (page: number) => void
  pageSize?: number
}

const item = css({
  minW: '9',
  h: '9',
  px: '2',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'l2',
  fontSize: 'sm',
  cursor: 'pointer',
  color: 'fg.default',
  _hover: { bg: 'bg.muted' },
  _selected: { bg: 'bg.primary', color: 'fg.onPrimary', _hover: { bg: 'bg.primaryHover' } },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
})

export function Pagination({ count, page, onPageChange, pageSize = PAGE_SIZE }: PaginationProps) {
  if (count <= pageSize) return null
  return (
    <ArkPagination.Root
      count={count}
      pageSize={pageSize}
      page={page}
      siblingCount={1}
      onPageChange={(details) => onPageChange(details.page)}
      translations={PAGINATION_TEXTS}
      className={css({ display: 'flex', gap: '1', alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', mt: '4' })}
    >
      <ArkPagination.PrevTrigger className={item}>
        <ChevronLeftIcon size={18} />
      </ArkPagination.PrevTrigger>
      <ArkPagination.Context>
        {(pagination) =>
          pagination.pages.map((entry, index) =>
            entry.type === 'page' ? (
              <ArkPagination.Item key={index} {...entry} className={item}>
                {entry.value}
              </ArkPagination.Item>
            ) : (
              <ArkPagination.Ellipsis key={index} index={index} className={css({ px: '1', color: 'fg.muted' })}>
                …
              </ArkPagination.Ellipsis>
            ),
          )
        }
      </ArkPagination.Context>
      <ArkPagination.NextTrigger className={item}>
        <ChevronRightIcon size={18} />
      </ArkPagination.NextTrigger>
    </ArkPagination.Root>
  )
}
