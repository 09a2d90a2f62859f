/**
 * Leaflet map of branches or shops. Astro hydrates it with `client:visible`, and Leaflet itself (JS
 * and CSS) is imported only then, so pages whose map is below the fold load no map code at all.
 * The list next to it is the real content: this island only adds the picture.
 */
import { useEffect, useRef, useState } from 'react';

let leafletSheet: CSSStyleSheet | null = null;

export type MapPoint = { id: number | string; name: string; address: string; lat: number; lng: number; url?: string };
type Props = { points: MapPoint[]; tileUrl: string; attribution: string; label: string; loadingText: string; moreText: string };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export default function ContentMap({ points, tileUrl, attribution, label, loadingText, moreText }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let map: import('leaflet').Map | undefined;
    let cancelled = false;
    (async () => {
      // `?inline` brings the CSS in the same lazy chunk as Leaflet (the site inlines all styles, so no separate file is emitted).
      const [{ default: L }, { default: css }] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css?inline')]);
      if (cancelled || !el.current) return;
      // A constructed stylesheet, not a <style> element: the page's Content-Security-Policy allows
      // only the style elements Astro hashed, while the CSSOM is not subject to it.
      if (!leafletSheet) {
        leafletSheet = new CSSStyleSheet();
        leafletSheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, leafletSheet];
      }
      map = L.map(el.current, { scrollWheelZoom: false });
      L.tileLayer(tileUrl, { attribution, maxZoom: 18 }).addTo(map);
      const markers = points.map((p) =>
        L.circleMarker([p.lat, p.lng], { radius: 9, color: '#fff', weight: 2, fillColor: '#d71920', fillOpacity: 1 })
          .bindPopup(`<b>${escape(p.name)}</b><br>${escape(p.address)}${p.url ? `<br><a href="${escape(p.url)}">${escape(moreText)}</a>` : ''}`)
          .addTo(map!),
      );
      if (markers.length === 1) map.setView([points[0]!.lat, points[0]!.lng], 15);
      else if (markers.length) map.fitBounds(L.featureGroup(markers).getBounds(), { padding: [24, 24] });
      else map.setView([53.9, 27.56], 6);
      setReady(true);
    })();
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [points, tileUrl, attribution, moreText]);

  return (
    <div className="cmap" role="region" aria-label={label} data-ready={ready ? 'true' : 'false'} data-points={points.length}>
      <div ref={el} className="cmap__canvas" />
      {!ready && <p className="cmap__loading">{loadingText}</p>}
    </div>
  );
}
