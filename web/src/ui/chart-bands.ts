import type {
  AutoscaleInfo,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  SeriesType,
  Time,
} from 'lightweight-charts';

/** A horizontal price range shaded across the whole plot, such as a percentile band of a yield. */
export interface ShadedBand {
  low: number;
  high: number;
  /** Opacity of the fill; bands are drawn in order, so an inner band over an outer one looks darker. */
  opacity: number;
}

export interface BandsPrimitive extends ISeriesPrimitive<Time> {
  /** Replaces the bands or their colour and redraws. */
  update(bands: readonly ShadedBand[], color: string): void;
}

/**
 * A series primitive (lightweight-charts plugin) that fills price ranges behind the series. Flat bands
 * need no data points of their own, and a primitive draws them under the grid-level series instead of
 * faking a fill with stacked area series. Its autoscale range keeps the bands in view.
 */
export function createBandsPrimitive(initialBands: readonly ShadedBand[], initialColor: string): BandsPrimitive {
  let bands = initialBands;
  let color = initialColor;
  let series: ISeriesApi<SeriesType, Time> | null = null;
  let requestUpdate = () => {};

  const renderer: IPrimitivePaneRenderer = {
    draw(target) {
      // biome-ignore lint/correctness/useHookAtTopLevel: a fancy-canvas method named "use…", not a React hook
      target.useBitmapCoordinateSpace(({ context, bitmapSize, verticalPixelRatio }) => {
        const attached = series;
        if (!attached) return;
        context.save();
        context.fillStyle = color;
        for (const band of bands) {
          const top = attached.priceToCoordinate(band.high);
          const bottom = attached.priceToCoordinate(band.low);
          if (top === null || bottom === null) continue;
          const y1 = Math.round(Math.min(top, bottom) * verticalPixelRatio);
          const y2 = Math.round(Math.max(top, bottom) * verticalPixelRatio);
          context.globalAlpha = band.opacity;
          context.fillRect(0, y1, bitmapSize.width, Math.max(y2 - y1, 1));
        }
        context.restore();
      });
    },
  };
  // The library caches by array identity: return the same array while nothing changes.
  const views: readonly IPrimitivePaneView[] = [{ zOrder: () => 'bottom', renderer: () => renderer }];

  return {
    attached(param) {
      series = param.series;
      requestUpdate = param.requestUpdate;
    },
    detached() {
      series = null;
      requestUpdate = () => {};
    },
    paneViews: () => views,
    autoscaleInfo(): AutoscaleInfo | null {
      if (bands.length === 0) return null;
      return {
        priceRange: {
          minValue: Math.min(...bands.map((band) => band.low)),
          maxValue: Math.max(...bands.map((band) => band.high)),
        },
      };
    },
    update(nextBands, nextColor) {
      bands = nextBands;
      color = nextColor;
      requestUpdate();
    },
  };
}
