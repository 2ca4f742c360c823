/** GET /api/network/status (contract §3.1). */
export interface NetworkStatus {
  sta_status: boolean;
  sta_ssid: string;
  sta_bssid: string;
  /** dBm. */
  sta_rssi: number;
  network_hostname: string;
  network_ip: string;
  network_netmask: string;
  network_gateway: string;
  network_dns1: string;
  network_dns2: string;
  network_mac: string;
  network_mode: 'Station' | 'Ethernet';
  ap_status: boolean;
  ap_ssid: string;
  ap_ip: string;
  ap_mac: string;
  ap_stationnum: number;
}

/** GET/POST /api/network/config (contract §3.2, §3.3). */
export interface NetworkConfig {
  /** The stored pattern (default "OpenDTU-%06X"), not the expanded host name. */
  hostname: string;
  dhcp: boolean;
  ipaddress: string;
  netmask: string;
  gateway: string;
  dns1: string;
  dns2: string;
  ssid: string;
  password: string;
  /** Minutes the admin access point stays up; 0 = no timeout. */
  aptimeout: number;
  mdnsenabled: boolean;
  /** v25.5.10 on (`Capabilities.syslog`): send log lines to a syslog server. */
  syslogenabled?: boolean;
  /** At most 128 bytes; checked (8007) only while enabled. */
  sysloghostname?: string;
  /** 1..65535, default 514; checked (8008) only while enabled. */
  syslogport?: number;
}
