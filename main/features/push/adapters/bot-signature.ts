import { nodeCrypto } from '../../../adapters/node-crypto';

/**
 * DingTalk's signature of a custom bot's request (open.dingtalk.com, 自定义机器人 "加签"):
 * HmacSHA256 keyed by the secret over `timestamp + "\n" + secret`, Base64; the timestamp in ms.
 * The caller URL-encodes it into `&timestamp=…&sign=…`.
 */
export function dingtalkSignature(secret: string, timestampMs: number): string {
  return nodeCrypto()
    .createHmac('sha256', secret)
    .update(`${timestampMs}\n${secret}`)
    .digest('base64');
}

/**
 * Feishu / Lark's signature of a custom bot's request (open.feishu.cn, bot-v3/add-custom-bot,
 * 签名校验): HmacSHA256 keyed by `timestamp + "\n" + secret` over nothing, Base64; the timestamp
 * in seconds. Not DingTalk's order: keying by the secret is the usual cause of code 19021.
 */
export function feishuSignature(secret: string, timestampSeconds: number): string {
  return nodeCrypto()
    .createHmac('sha256', `${timestampSeconds}\n${secret}`)
    .update('')
    .digest('base64');
}
