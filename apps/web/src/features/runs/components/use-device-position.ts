import { useEffect, useState } from 'react';

export interface DevicePosition {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** Asks the device where it is: once when `wanted` turns on, or again when `locate` is called. */
export function useDevicePosition(wanted: boolean): { position: DevicePosition | null; locating: boolean; failed: boolean; locate: () => Promise<DevicePosition | null> } {
  const [position, setPosition] = useState<DevicePosition | null>(null);
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);

  const locate = () =>
    new Promise<DevicePosition | null>((resolve) => {
      if (!('geolocation' in navigator)) {
        setFailed(true);
        resolve(null);
        return;
      }
      setLocating(true);
      navigator.geolocation.getCurrentPosition(
        (p) => {
          const found = { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: Math.round(p.coords.accuracy) };
          setLocating(false);
          setFailed(false);
          setPosition(found);
          resolve(found);
        },
        () => {
          setLocating(false);
          setFailed(true);
          resolve(null);
        },
        // A fix a minute old is good enough for a stop: the van has barely moved.
        { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
      );
    });

  useEffect(() => {
    if (wanted && position === null) void locate();
    // Asked once when wanted; `locate` asks again on demand.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);

  return { position, locating, failed, locate };
}
