import { createHash } from 'node:crypto';

// spec §2 "app install guide": the MOBILECONFIG resource is an Apple configuration
// profile holding one web clip, which puts the site on an iPhone's home screen as a full-screen
// app. It is unsigned (iOS shows "Not Verified" and still installs it); its identifiers are derived
// from the brand and the site address, so installing it again replaces the earlier one.

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A name-based UUID (version 5 layout) so the same brand and address always give the same profile ids. */
export function stableUuid(name: string): string {
  const h = createHash('sha1').update(name).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x50;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`.toUpperCase();
}

export function webClipProfile(input: {
  siteName: string;
  merchantCode: string;
  origin: string;
  icon: Buffer;
}): string {
  const host = new URL(input.origin).hostname;
  const reverse = host.split('.').reverse().join('.');
  const profileUuid = stableUuid(`${input.merchantCode}|${input.origin}|profile`);
  const clipUuid = stableUuid(`${input.merchantCode}|${input.origin}|webclip`);
  const name = xml(input.siteName);
  const base64 = input.icon.toString('base64').replace(/.{1,76}/g, '\t\t\t$&\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>PayloadContent</key>
	<array>
		<dict>
			<key>FullScreen</key>
			<true/>
			<key>Icon</key>
			<data>
${base64}			</data>
			<key>IsRemovable</key>
			<true/>
			<key>Label</key>
			<string>${name}</string>
			<key>PayloadDescription</key>
			<string>Adds ${name} to the Home Screen</string>
			<key>PayloadDisplayName</key>
			<string>${name}</string>
			<key>PayloadIdentifier</key>
			<string>${xml(reverse)}.webclip.${clipUuid}</string>
			<key>PayloadType</key>
			<string>com.apple.webClip.managed</string>
			<key>PayloadUUID</key>
			<string>${clipUuid}</string>
			<key>PayloadVersion</key>
			<integer>1</integer>
			<key>Precomposed</key>
			<true/>
			<key>URL</key>
			<string>${xml(`${input.origin}/`)}</string>
		</dict>
	</array>
	<key>PayloadDescription</key>
	<string>Adds ${name} to the Home Screen</string>
	<key>PayloadDisplayName</key>
	<string>${name}</string>
	<key>PayloadIdentifier</key>
	<string>${xml(reverse)}.profile.${profileUuid}</string>
	<key>PayloadRemovalDisallowed</key>
	<false/>
	<key>PayloadType</key>
	<string>Configuration</string>
	<key>PayloadUUID</key>
	<string>${profileUuid}</string>
	<key>PayloadVersion</key>
	<integer>1</integer>
</dict>
</plist>
`;
}
