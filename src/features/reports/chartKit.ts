/**
 * Chart.js for the Reportes summary, loaded only there (`import('./chartKit')`, its own chunk). Only what the three
 * bar charts use is registered (tree-shaken): the bar controller, category and linear scales, bars, the legend and
 * the tooltip. Numbers are es-MX; colours come from the portal's tokens (CSS variables) with fallbacks.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartConfiguration } from 'chart.js'

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip)

export interface BarSeries {
  label: string
  values: (number | null)[]
  /** 'primary' (the portal's green) or 'secondary' (navy). */
  tone: 'primary' | 'secondary'
}

export interface BarChartSpec {
  labels: string[]
  series: BarSeries[]
  /** Bars run left to right (stages) or bottom to top (weeks). */
  horizontal: boolean
  /** Decimals shown on the value axis and in tooltips. */
  decimals: number
}

const cssColor = (name: string, fallback: string) => {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  return value || fallback
}

export function drawBarChart(canvas: HTMLCanvasElement, spec: BarChartSpec): { destroy(): void } {
  const colors = {
    primary: cssColor('--colors-bg-primary', '#00843d'),
    secondary: cssColor('--colors-navy-500', '#1f3a5f'),
    text: cssColor('--colors-fg-default', '#1b2a3a'),
    grid: cssColor('--colors-border-default', '#d9dee5'),
  }
  const format = new Intl.NumberFormat('es-MX', { maximumFractionDigits: spec.decimals })
  const valueAxis = {
    beginAtZero: true,
    ticks: { color: colors.text, precision: spec.decimals === 0 ? 0 : undefined, callback: (v: string | number) => format.format(Number(v)) },
    grid: { color: colors.grid },
  }
  const categoryAxis = { ticks: { color: colors.text, autoSkip: !spec.horizontal }, grid: { display: false } }
  const config: ChartConfiguration<'bar', (number | null)[], string> = {
    type: 'bar',
    data: {
      labels: spec.labels,
      datasets: spec.series.map((s) => ({ label: s.label, data: s.values, backgroundColor: colors[s.tone], borderRadius: 3, maxBarThickness: 28 })),
    },
    options: {
      locale: 'es-MX',
      indexAxis: spec.horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: spec.horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      plugins: {
        legend: { display: spec.series.length > 1, labels: { color: colors.text } },
        tooltip: {
          callbacks: {
            label: (item) => `${item.dataset.label ?? ''}: ${item.raw === null ? 'sin datos' : format.format(Number(item.raw))}`,
          },
        },
      },
    },
  }
  return new Chart(canvas, config)
}
